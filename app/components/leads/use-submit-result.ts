import { useEffect, useRef, useState } from "react";

/**
 * What became of a fetcher's last submission: the action's refusal (the data
 * it answered with a 4xx), or undefined once it succeeded (a redirect back to
 * the page). Needed because a fetcher keeps the data of an earlier refusal
 * through a later success. `onDone` runs when a submission has finished and
 * the page's data is fresh, for forms to put focus somewhere sensible when
 * the button they were on goes away.
 */
export function useSubmitResult<T>(fetcher: { state: string; data?: T }, onDone?: (refused: T | undefined) => void): T | undefined {
  const [refused, setRefused] = useState<T>();
  const started = useRef<{ data: T | undefined }>(undefined);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (!started.current) {
        started.current = { data: fetcher.data };
        setRefused(undefined);
      }
      return;
    }
    if (!started.current) return;
    // Each answer is a new object: data the fetcher already had is an older submission's.
    const result = fetcher.data !== started.current.data ? fetcher.data : undefined;
    started.current = undefined;
    setRefused(result);
    latest.current?.(result);
  }, [fetcher.state, fetcher.data]);
  return refused;
}
