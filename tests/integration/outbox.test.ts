import { describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { deliverDueEmails, enqueueEmail } from "~/server/outbox.server";
import { startSmtpSink } from "../helpers/smtp";
import { useTestDatabase } from "../helpers/test-database-lifecycle";

useTestDatabase();

describe("e-mail outbox", () => {
  it("keeps an e-mail while the mail server is down and delivers it once it is back", async () => {
    const smtp = await startSmtpSink();
    process.env.SMTP_URL = smtp.url;
    reloadEnv();
    await smtp.stop();

    const id = await enqueueEmail(db(), { to: "owner@example.com", subject: "New quote", text: "Hello" });
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 1 });
    const failed = await db().selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBeTruthy();

    // Not due yet: the backoff holds it back.
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });

    await smtp.start();
    await db().updateTable("email_outbox").set({ next_attempt_at: new Date() }).where("id", "=", id).execute();
    expect(await deliverDueEmails(db())).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor((m) => m.subject === "New quote");
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.text.trim()).toBe("Hello");
    // Sent once only.
    expect(await deliverDueEmails(db())).toEqual({ sent: 0, failed: 0 });
    await smtp.stop();
  });
});
