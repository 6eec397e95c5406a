/**
 * "Yes, cancel …": the box a customer ticks before a cancellation is sent
 * (an appointment, a plan). Required by the form's schema (`required`), so a
 * browser asks before posting; the server's refusal, when the box was not
 * ticked, is shown under it and read out (`role="alert"`).
 */
export function ConfirmCheckbox({ label, required, error, errorId }: { label: string; required: boolean | undefined; error: string | undefined; errorId: string }) {
  return (
    <div>
      <label className="flex items-start gap-2 font-medium">
        <input
          type="checkbox"
          name="confirm"
          value="yes"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 size-4"
        />
        {label}
      </label>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
