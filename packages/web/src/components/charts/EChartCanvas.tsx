import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// The parts the home, rank and user-home charts draw: bars, lines and the calendar heatmap. A chart
// with another series registers it beside itself (the problem page's PieChart).
echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  CalendarComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type EChartOption = echarts.EChartsCoreOption;

/**
 * One ECharts chart that follows its box's width; `option` replaces the drawing when it changes.
 * Pages use `EChart` (EChart.tsx), which loads this module when the chart nears the screen.
 */
export default function EChartCanvas({
  option,
  height,
  label,
  className,
}: {
  option: EChartOption;
  height: number;
  /** what the chart shows, for screen readers */
  label: string;
  className?: string;
}) {
  const element = useRef<HTMLDivElement | null>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={element}
      className={className ? `echart ${className}` : 'echart'}
      style={{ width: '100%', height }}
      role="img"
      aria-label={label}
    />
  );
}
