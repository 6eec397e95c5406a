/** A centred status line filling the screen, e.g. "Loading..." while sign-in state settles. */
export function FullScreenMessage({ text }: { text: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <p role="status" className="text-lg text-slate-600">
        {text}
      </p>
    </main>
  );
}
