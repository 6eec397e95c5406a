import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { BOOK_PRICE_PATH, type LivePrice } from "~/lib/book-online-form";

/** The live price's state: none asked yet (the server-rendered page, or no JavaScript), the server's answer, or no answer. */
export type LivePriceState = { state: "none" } | LivePrice | { state: "failed" };

/**
 * The price of the details form's choice as it changes (docs/decisions/0128):
 * each change asks the server (BOOK_PRICE_PATH, the same reading as the
 * page's); an answer overtaken by a newer change is dropped. The server
 * prices; this only fetches. Without JavaScript the price comes with Continue.
 */
export function useLivePrice(form: RefObject<HTMLFormElement | null>): { price: LivePriceState; update: () => void } {
  const [price, setPrice] = useState<LivePriceState>({ state: "none" });
  const asking = useRef<AbortController | null>(null);

  const update = useCallback(() => {
    if (!form.current) return;
    asking.current?.abort();
    const controller = (asking.current = new AbortController());
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === "string") query.append(name, value);
    fetch(`${BOOK_PRICE_PATH}?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<LivePrice>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then(setPrice, () => {
        if (!controller.signal.aborted) setPrice({ state: "failed" });
      });
  }, [form]);

  // A form shown again filled in (a Change link, a refusal) is priced at once.
  useEffect(() => {
    update();
    return () => asking.current?.abort();
  }, [update]);

  return { price, update };
}
