import { theme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { chartTheme } from './chartTheme';
import type { EChartsCoreOption } from './echarts';

/** `height`: pixels, or a CSS length such as '100%' to fill a container of fixed height. */
type Props = { option: EChartsCoreOption; height: number | string; ariaLabel: string };

let echartsCode: Promise<typeof import('./echarts')> | null = null;

/**
 * ECharts is fetched when the first chart mounts, not with the page that holds it: the figures
 * around a chart paint while the chart code is still on its way. A failed fetch is asked again next time.
 */
function loadEcharts(): Promise<typeof import('./echarts')> {
  echartsCode ??= import('./echarts').catch((e: unknown) => {
    echartsCode = null;
    throw e;
  });
  return echartsCode;
}

/**
 * A chart that follows its container's size and the console's theme: a theme switch (light, dark)
 * starts the chart again with the new colours; an option change is applied whole.
 */
export function EChart({ option, height, ariaLabel }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const themed = useMemo(() => chartTheme(token), [token]);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    loadEcharts().then(
      ({ echarts }) => {
        if (gone) return;
        const started = echarts.init(node, themed);
        instance = started;
        setChart(started);
        observer = new ResizeObserver(() => started.resize());
        observer.observe(node);
      },
      // The chart stays blank; the page's own figures are unaffected and a reload asks again.
      () => undefined,
    );
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [themed]);

  useEffect(() => {
    if (chart && !chart.isDisposed()) chart.setOption(option, { notMerge: true });
  }, [chart, option]);

  return <div ref={el} style={{ height }} role="img" aria-label={ariaLabel} />;
}
