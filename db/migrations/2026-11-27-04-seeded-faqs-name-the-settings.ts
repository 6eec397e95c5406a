import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The two seeded FAQ answers that wrote out the business's contact details
// (db/seed-content.ts until 2026-11-27) name the settings instead, as
// {phone}, {email} and {service_area}, which the pages fill in from the
// current settings (app/server/placeholders.server.ts): a phone number changed
// at /admin/settings then changes in the FAQ too.
// Only an answer still exactly as seeded is rewritten: one the owner edited,
// by a single character, is theirs and stays as it is. With the settings
// unchanged, the rewritten answer reads and links exactly as before. On a new
// database (no rows yet) this does nothing: the seed writes the new texts.

const REWRITES: { seeded: string; now: string }[] = [
  // "What areas do you serve?"
  {
    seeded:
      "We serve Grand Rapids, Michigan and surrounding areas, including Wyoming, Kentwood, Walker, Grandville, Rockford, Ada, East Grand Rapids and Holland. Not sure if you're in range? Just ask.",
    now: "We serve {service_area}, including Wyoming, Kentwood, Walker, Grandville, Rockford, Ada, East Grand Rapids and Holland. Not sure if you're in range? Just ask.",
  },
  // "How do I book an appointment?"
  {
    seeded:
      "Call or text us at [(616) 555-0142](tel:+16165550142), e-mail [info@shineonwheelsgr.com](mailto:info@shineonwheelsgr.com), or send the quote form on this page and we'll get back to you within 24 hours with a personalized quote.",
    now: "Call or text us at {phone}, e-mail {email}, or send the quote form on this page and we'll get back to you within 24 hours with a personalized quote.",
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  // The rows' history (row_history) names who changed them: this update, not
  // an unknown visitor. Reset after: the migrations share one transaction.
  await sql`SELECT set_config('app.actor', 'Site update: contact details from the Business Settings', true)`.execute(db);
  for (const { seeded, now } of REWRITES) {
    await db.updateTable("faqs").set({ answer: now }).where("answer", "=", seeded).execute();
  }
  await sql`SELECT set_config('app.actor', '', true)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { seeded, now } of REWRITES) {
    await db.updateTable("faqs").set({ answer: seeded }).where("answer", "=", now).execute();
  }
}
