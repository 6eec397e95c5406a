import { apiErrorResponse, apiResponse, methodNotAllowed } from "~/server/app-error.server";
import { signIn } from "~/server/auth/authenticator.server";
import { databaseContext, requestInfoContext } from "~/server/request-context.server";
import type { Route } from "./+types/api.verify-otp";

/** POST {email, otp}: signs in with an e-mailed code. 200 {success, user} with the session cookie, or {error} (a SignInError's status). */
export const action = ({ request, context }: Route.ActionArgs) =>
  apiResponse(async () => {
    if (request.method !== "POST") throw methodNotAllowed("POST");
    const { clientIp } = context.get(requestInfoContext);
    const { user, setCookie } = await signIn(context.get(databaseContext), "email-otp", request, clientIp);
    return Response.json({ success: true, user }, { headers: { "set-cookie": setCookie } });
  });

export const loader = () => apiErrorResponse(methodNotAllowed("POST"));
