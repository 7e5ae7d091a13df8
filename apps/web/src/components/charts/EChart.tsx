import { theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { chartTheme } from './chartTheme';
import { echarts, type EChartsCoreOption } from './echarts';

/** `height`: pixels, or a CSS length such as '100%' to fill a container of fixed height. */
type Props = { option: EChartsCoreOption; height: number | string; ariaLabel: string };
type Chart = ReturnType<typeof echarts.init>;

/**
 * A chart that follows its container's size and the console's theme: a theme switch (light, dark)
 * starts the chart again with the new colours; an option change is applied whole.
 */
export function EChart({ option, height, ariaLabel }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const themed = useMemo(() => chartTheme(token), [token]);
  const [chart, setChart] = useState<Chart | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const instance = echarts.init(el.current, themed);
    setChart(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, [themed]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return <div ref={el} style={{ height }} role="img" aria-label={ariaLabel} />;
}
