import { CircleAlert } from "lucide-react";

/** The red banner above the grid (and in the form) for failed loads and saves. */
export function ErrorBanner({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
      <p className="min-w-0 break-words">{children}</p>
    </div>
  );
}
