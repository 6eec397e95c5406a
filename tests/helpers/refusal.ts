import { expect } from "vitest";
import { AppError } from "~/server/app-error.server";

/** The AppError `work` is refused with (a test fails if it succeeds or fails otherwise). */
export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
