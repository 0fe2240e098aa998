/**
 * TRUST_PROXY=true means "one proxy the operator runs sits in front of the API": its own address (the
 * socket's) is trusted, so the last X-Forwarded-For entry, the one it appended, is the client's address,
 * and its X-Forwarded-Proto says whether the client used TLS. Entries before that one came from the client
 * and are never believed. (Fastify's `trustProxy: true` would trust every hop and take the first entry,
 * which the client chooses, so one client could pass for many addresses and dodge the login limits.)
 */
export function trustNearestProxy(_address: string, hop: number): boolean {
  return hop === 0;
}
