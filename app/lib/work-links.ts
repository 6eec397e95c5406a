/**
 * Where a list links an estimate's, job's or invoice's customer: the quote
 * request it answers when it has one (as before), else the customer's page
 * (work without a lead, docs/decisions/0110).
 */
export const workPartyHref = (work: { leadId: number | null; customerId: number }) =>
  work.leadId === null ? `/admin/customers/${work.customerId}` : `/admin/leads/${work.leadId}`;

/** The back link's words on a work page: "Lead: Ann" or, without a lead, "Customer: Ann". */
export const workPartyLabel = (work: { leadId: number | null }, name: string) => `${work.leadId === null ? "Customer" : "Lead"}: ${name}`;
