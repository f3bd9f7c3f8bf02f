import { PieChart as EchartsPie } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';

// The pie series is drawn only here; EChart registers the rest (legend, tooltip, renderer).
echarts.use([EchartsPie]);

export interface PieSlice {
  name: string;
  value: number;
  color: string;
}

/** A doughnut chart of named counts. */
export function PieChart({
  slices,
  height = 300,
  label,
}: {
  slices: PieSlice[];
  height?: number;
  label: string;
}) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          label: { formatter: '{b}\n{c}' },
          data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    }),
    [slices],
  );
  return <EChart option={option} height={height} label={label} />;
}
