// ua-parser-js 1.x ships no types (and @types/ua-parser-js describes 0.7): the part the sessions list reads.
declare module 'ua-parser-js' {
  type Named = { name?: string; version?: string };
  export default class UAParser {
    constructor(userAgent?: string);
    getResult(): { browser: Named & { major?: string }; os: Named };
  }
}
