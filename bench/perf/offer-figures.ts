import { BENCH_FUNDERS } from './dataset';
import { machineAuthorization } from './machine-client';

/**
 * Each of the bench's five funders posts an offer in both programs (docs/product/funders.md#offers) through its
 * own client, as a funder's system would: bands whose rates cross the house's (some cheaper for short terms,
 * some for long), and a capacity no request of the bench exhausts, so every estimate prices six offers.
 */
export async function postFunderOffers(base: string, env: NodeJS.ProcessEnv, programRefs: string[]) {
  for (const [i, funder] of BENCH_FUNDERS.entries()) {
    const authorization = await machineAuthorization(base, env, {
      name: `bench ${funder.ref}`,
      scopes: 'offers:write',
      funder: funder.ref,
    });
    const body = {
      bands: [
        { upToDays: 30, monthlyRate: (0.01 + i * 0.001).toFixed(4) },
        { upToDays: 90, monthlyRate: (0.016 - i * 0.001).toFixed(4) },
        { upToDays: 3650, monthlyRate: '0.02' },
      ],
      dailyCapacity: '9000000000.00',
    };
    for (const programRef of programRefs) {
      const res = await fetch(`${base}/api/platform/v1/offers/${programRef}`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200)
        throw new Error(`offer of ${funder.ref} in ${programRef}: ${res.status} ${await res.text()}`);
    }
  }
}
