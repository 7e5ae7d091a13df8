import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from '../lib/echarts';

type Props = { option: EChartsCoreOption; height: number; ariaLabel: string };

/** A chart that follows its container's size; the option is applied whole on every change. */
export function EChart({ option, height, ariaLabel }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const instance = echarts.init(el.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={el} style={{ height }} role="img" aria-label={ariaLabel} />;
}
