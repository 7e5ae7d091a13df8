import type { GlobalToken } from 'antd';

/**
 * An ECharts theme from the antd tokens in force: text, axes, grid lines and tooltips take the
 * console's colours, so the dark theme gets light text on a transparent background without each
 * chart repeating it.
 */
export function chartTheme(token: GlobalToken): object {
  const axis = {
    axisLine: { lineStyle: { color: token.colorBorder } },
    axisTick: { lineStyle: { color: token.colorBorder } },
    axisLabel: { color: token.colorTextSecondary },
    splitLine: { lineStyle: { color: token.colorSplit } },
  };
  return {
    backgroundColor: 'transparent',
    textStyle: { color: token.colorText, fontFamily: token.fontFamily },
    legend: { textStyle: { color: token.colorTextSecondary }, pageTextStyle: { color: token.colorTextSecondary } },
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
    },
    categoryAxis: axis,
    valueAxis: { ...axis, axisLine: { show: false, lineStyle: axis.axisLine.lineStyle } },
  };
}
