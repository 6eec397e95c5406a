import { useRef, type KeyboardEvent } from "react";
import type { LoginTab } from "~/lib/sign-in";

const TABS: { id: LoginTab; label: string }[] = [
  { id: "google", label: "Google" },
  { id: "otp", label: "Email OTP" },
];

/**
 * The sign-in methods as ARIA tabs, controlling the panels `panel-google` and
 * `panel-otp`. Each tab is also a link to ?tab=…, so switching works before
 * (or without) JavaScript; once hydrated a click or an arrow key switches in place.
 */
export function LoginTabs({
  tab,
  onChange,
  returnUrl,
  hydrated,
}: {
  tab: LoginTab;
  onChange: (tab: LoginTab) => void;
  returnUrl: string;
  hydrated: boolean;
}) {
  const refs = useRef<Record<LoginTab, HTMLAnchorElement | null>>({ google: null, otp: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? TABS.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    onChange(TABS[next]!.id);
    refs.current[TABS[next]!.id]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Sign-in method"
      className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      onKeyDown={onKeyDown}
    >
      {TABS.map(({ id, label }) => {
        const selected = id === tab;
        return (
          <a
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            id={`tab-${id}`}
            role="tab"
            href={`/login?${new URLSearchParams({ tab: id, returnUrl })}`}
            aria-selected={selected}
            aria-controls={`panel-${id}`}
            tabIndex={selected ? 0 : -1}
            onClick={
              hydrated
                ? (e) => {
                    e.preventDefault();
                    onChange(id);
                  }
                : undefined
            }
            className={`rounded-md px-3 py-2 text-center text-sm font-semibold ${selected ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}
