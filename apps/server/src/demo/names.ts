import type { Rng } from './random.js';

/** Ordered by frequency in the 2020 census, so a skewed pick gives a believable mix. */
const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何',
  '林', '高', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '邓', '冯', '曹', '彭', '曾', '肖', '田',
  '董', '潘', '袁', '蔡', '蒋', '余', '于', '杜', '叶', '程', '魏', '苏', '吕', '丁', '任', '卢', '姚',
  '沈', '钟', '姜', '崔', '谭', '陆', '范', '汪', '廖', '石', '金', '韦', '贾', '夏', '付', '方', '邹',
  '熊', '白', '孟', '秦', '邱', '侯', '江', '尹', '薛', '闫', '段', '雷', '龙', '黎', '史', '陶', '贺',
  '毛', '郝', '顾', '龚', '邵', '万', '覃', '武', '钱', '戴', '严', '欧阳', '诸葛', '司马',
];

const MALE_CHARS = [
  '伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '斌', '鹏', '辉', '刚', '健', '峰', '浩',
  '宇', '俊', '凯', '建', '国', '志', '文', '海', '波', '亮', '飞', '鑫', '华', '东', '林', '成', '龙',
  '平', '兵', '晨', '博', '宁', '新', '德', '宏', '永', '子', '轩', '睿', '泽', '航', '毅', '锋', '坤',
];

const FEMALE_CHARS = [
  '芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '燕', '玲', '婷', '雪', '琳', '慧', '颖', '倩', '佳',
  '欣', '萍', '红', '梅', '琴', '蕾', '璐', '晶', '洁', '悦', '怡', '雯', '秀', '英', '兰', '月', '凤',
  '莉', '薇', '婉', '思', '梦', '晓', '彤', '瑶', '诗', '涵', '雨', '嘉', '琪', '露', '岚', '丹',
];

export function personName(rng: Rng, male: boolean): string {
  const chars = male ? MALE_CHARS : FEMALE_CHARS;
  const surname = rng.pickSkewed(SURNAMES);
  // About a fifth of adults born 1965–2005 have one-character given names.
  const given = rng.chance(0.2) ? rng.pick(chars) : rng.pick(chars) + rng.pick(chars);
  return surname + given;
}

/** Housing-estate names for the 小区 part of an address. */
const ESTATES = [
  '阳光花园', '金色家园', '锦绣华庭', '翠苑', '绿城桂花园', '万科城市花园', '碧桂园', '保利香槟国际',
  '恒大名都', '龙湖春江郦城', '世纪新城', '和平里小区', '滨江花苑', '东方明珠苑', '书香门第', '紫金港湾',
  '香樟园', '幸福家园', '新华小区', '工人新村', '南湖名都', '中海国际社区', '华润城', '融创玖樟台',
];

export function estateAddress(rng: Rng): string {
  return `${rng.pick(ESTATES)}${rng.int(1, 32)}幢${rng.int(1, 4)}单元${rng.int(1, 28)}0${rng.int(1, 4)}室`;
}

/** Business-name roots for pawnshops, repair shops and the like. */
export const TRADE_WORDS = [
  '鑫源', '恒通', '宏达', '金盛', '万顺', '永利', '华鑫', '聚丰', '安泰', '兴隆', '众诚', '汇通', '福瑞',
  '顺发', '天成', '嘉禾', '裕丰', '广盛', '瑞祥', '鼎盛', '润达', '德信', '昌隆', '腾飞', '新锐', '宝丰',
];
