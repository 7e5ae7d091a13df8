import { useMemo, useRef } from 'react';
import { EChart } from '../../components/charts/EChart';
import type { EChartsCoreOption } from '../../components/charts/echarts';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useElementWidth } from '../../lib/useElementWidth';
import { chartFontPx } from './chartOptions';

type Props<T> = { data: T; build: (data: T, lang: 'zh' | 'en', font: number) => EChartsCoreOption; ariaLabel: string };

/** A chart filling its panel, its text sized to the panel's width. */
export function BoardChart<T>({ data, build, ariaLabel }: Props<T>) {
  const { lang } = useI18n();
  const el = useRef<HTMLDivElement>(null);
  const font = chartFontPx(useElementWidth(el));
  const option = useMemo(() => build(data, lang, font), [build, data, lang, font]);
  return (
    <div ref={el} className="dashboard-chart">
      <EChart option={option} height="100%" ariaLabel={ariaLabel} />
    </div>
  );
}
