/** Lists at narrow widths and on phones (issue 31): the filters drawer, the cards, headers that were ambiguous. */
export const narrowZh = {
  'list.filters': '筛选',
  'list.select': '选择',
  'report.harshBrakePer100': '急刹车/百公里',
  'report.speedingPer100': '超速/百公里',
} as const;

export const narrowEn: Record<keyof typeof narrowZh, string> = {
  'list.filters': 'Filters',
  'list.select': 'Select',
  'report.harshBrakePer100': 'Harsh braking /100 km',
  'report.speedingPer100': 'Speeding /100 km',
};
