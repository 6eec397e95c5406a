/**
 * What a visitor reads when React Router itself refuses a request (no action,
 * no loader, no such route): in the error page and in the page's data, in
 * place of React Router's message for the app's developer
 * (app/server/client-mistakes.server.ts).
 */
export const CLIENT_MISTAKE_TEXT: Record<number, string> = {
  400: "This address cannot answer this request.",
  404: "The page you were looking for does not exist.",
  405: "This page does not accept form posts.",
};

export const clientMistakeText = (status: number) => CLIENT_MISTAKE_TEXT[status] ?? "This request cannot be answered.";
