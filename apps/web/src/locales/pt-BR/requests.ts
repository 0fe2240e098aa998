/** A request's detail page: status, timeline, credits, totals, statement and cancel. */
export const requests = {};
