/**
 * The buttons of the dashboard and the sign-in page, as class lists for a
 * <button> or a link styled as one: rounded, a visible keyboard focus ring,
 * and dimmed when disabled. (The public pages have their own, rounder look:
 * components/site/styles.ts.)
 */
export type ButtonVariant = "primary" | "secondary" | "danger";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-500 disabled:opacity-60",
  secondary:
    "border border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-brand-500 disabled:opacity-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-500 disabled:opacity-60",
};

const SIZES = {
  /** Toolbars and dialog footers. */
  md: "px-4 py-2 text-sm",
  /** A form's one main action, as wide as the form. */
  block: "w-full px-4 py-2.5",
};

export function buttonClass(variant: ButtonVariant = "primary", size: keyof typeof SIZES = "md"): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

export const primaryButton = buttonClass("primary");
export const secondaryButton = buttonClass("secondary");
export const dangerButton = buttonClass("danger");
