/**
 * Runs `callback` in a task of its own once the browser has painted the current frame: the next
 * animation frame, then a timer (the frame callback itself runs before that frame's paint). A
 * page in a background tab gets no frames, so a timer runs it anyway after `fallbackMs`. Returns
 * a function that cancels it.
 *
 * Work scheduled this way never lengthens the task that scheduled it, even when that task's
 * microtasks flush effects early (Preact runs a component's pending effects before it draws it
 * again, as a layout effect's state change does right after hydration).
 */
export function afterNextPaint(callback: () => void, fallbackMs = 100): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    timer = setTimeout(callback);
  };
  const frame = requestAnimationFrame(run);
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
