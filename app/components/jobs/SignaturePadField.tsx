import { Eraser } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { buttonClass } from "~/components/ui/button";

/**
 * The customer's drawn signature (signature_pad, loaded only here and only in
 * the browser: a dynamic import in an effect, so no other page's bundle
 * carries it): a canvas labelled `Customer Signature` to sign on with a
 * finger or the mouse, `Clear Signature`, and the drawing as a PNG data URL
 * in the hidden field `signature` ("" while the pad is empty). Rendered only
 * once the page runs script (useHydrated): without it the form asks for the
 * typed name alone.
 */
export function SignaturePadField({ error }: { error?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [signature, setSignature] = useState("");

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    void import("signature_pad").then(({ default: Pad }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const pad = new Pad(canvas, { penColor: "#0f172a", minWidth: 0.8, maxWidth: 2.6 });
      // Drawn at the screen's own pixel density, so the signature is sharp in the PDF.
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const width = Math.round(canvas.offsetWidth * ratio);
        // A phone's address bar coming and going resizes the window, not the canvas: the drawing stays.
        if (canvas.width === width && padRef.current) return;
        canvas.width = width;
        canvas.height = Math.round(canvas.offsetHeight * ratio);
        canvas.getContext("2d")!.scale(ratio, ratio);
        pad.clear();
        setSignature("");
      };
      const changed = () => setSignature(pad.isEmpty() ? "" : pad.toDataURL("image/png"));
      fit();
      padRef.current = pad;
      pad.addEventListener("endStroke", changed);
      window.addEventListener("resize", fit);
      stop = () => {
        window.removeEventListener("resize", fit);
        pad.removeEventListener("endStroke", changed);
        pad.off();
      };
    });
    return () => {
      cancelled = true;
      stop();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setSignature("");
  };

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-800" aria-hidden>
        Customer Signature
      </p>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Customer Signature"
        aria-describedby={error ? "condition-signature-help condition-signature-error" : "condition-signature-help"}
        aria-invalid={error ? true : undefined}
        data-signed={signature ? "yes" : "no"}
        className="block h-40 w-full touch-none rounded-lg border border-dashed border-slate-400 bg-slate-50 aria-invalid:border-red-500"
      />
      <input type="hidden" name="signature" value={signature} />
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
        <p id="condition-signature-help" className="text-sm text-slate-600">
          The customer signs here with a finger or the mouse.
        </p>
        <button type="button" onClick={clear} className={buttonClass("secondary")}>
          <Eraser aria-hidden className="size-4" />
          Clear Signature
        </button>
      </div>
      {error && (
        <p id="condition-signature-error" className="mt-1 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
