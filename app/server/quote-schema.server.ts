import { quoteSchema } from "~/lib/quote-schema";
import { withPhoneRule } from "./phone.server";

/**
 * The quote form's schema as the server applies it (the home page's action,
 * POST /api/forms/submit): the shared schema the browser checks with, its
 * phone held to the whole phone rule (docs/decisions/0108). The browser's
 * check is a part of this one, so it never refuses a request this accepts.
 */
export const serverQuoteSchema = quoteSchema.extend({ phone: withPhoneRule(quoteSchema.shape.phone) });
