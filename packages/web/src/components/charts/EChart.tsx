import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

export type EChartOption = EChartsCoreOption;

/** ECharts is 0.6 MB of JavaScript: fetched with the first chart that nears the screen. */
const EChartCanvas = lazy(() => import('./EChartCanvas'));

/** How far below the screen a chart starts to load, so that scrolling finds it drawn. */
const NEAR_SCREEN = '300px';

/**
 * One ECharts chart (EChartCanvas.tsx) that follows its box's width. Until its box comes within
 * NEAR_SCREEN of the screen it is an empty box of its height with its label: the home, rank and
 * user pages draw their charts below the fold, and a visitor who never scrolls there never pays
 * for them.
 */
export function EChart(props: { option: EChartOption; height: number; label: string; className?: string }) {
  const box = useRef<HTMLDivElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <div
      ref={box}
      className={props.className ? `echart ${props.className}` : 'echart'}
      style={{ width: '100%', height: props.height }}
      role="img"
      aria-label={props.label}
    />
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <EChartCanvas {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
