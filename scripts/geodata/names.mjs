/** The names people type for places: what search matches besides the full name. */

/** Peoples named in autonomous prefectures: 恩施土家族苗族自治州 is called 恩施 in speech and search. */
const PEOPLES = ['土家族', '苗族', '布依族', '侗族', '藏族', '羌族', '彝族', '回族', '哈萨克', '柯尔克孜', '蒙古族', '蒙古',
  '傣族', '景颇族', '傈僳族', '白族', '哈尼族', '壮族', '朝鲜族', '黎族'];

function withoutPeoples(s) {
  for (let again = true; again; ) {
    again = false;
    for (const p of PEOPLES) {
      if (s.endsWith(p) && s.length > p.length) {
        s = s.slice(0, -p.length);
        again = true;
      }
    }
  }
  return s;
}

/** 杭州市 → 杭州, 大兴安岭地区 → 大兴安岭, 海西蒙古族藏族自治州 → 海西. */
export function cityShortName(name) {
  const s = withoutPeoples(name.replace(/(特别行政区|自治州|自治县|地区|林区|盟|市|县)$/, ''));
  return s.length >= 2 ? s : name;
}

/** The peoples autonomous counties and banners are named for, as their names write them (族 optional). */
const COUNTY_PEOPLES = ['蒙古', '回', '藏', '维吾尔', '苗', '彝', '壮', '布依', '朝鲜', '满', '侗', '瑶', '白', '土家', '哈尼',
  '哈萨克', '傣', '黎', '傈僳', '佤', '畲', '拉祜', '水', '东乡', '纳西', '景颇', '柯尔克孜', '土', '达斡尔', '仫佬', '羌',
  '布朗', '撒拉', '毛南', '仡佬', '锡伯', '普米', '塔吉克', '怒', '鄂温克', '保安', '裕固', '独龙', '鄂伦春', '各']
  .flatMap((p) => [`${p}族`, p])
  .sort((a, b) => b.length - a.length);

/**
 * 西湖区 → 西湖, 浦东新区 → 浦东, 临安市 → 临安, 长阳土家族自治县 → 长阳, 大通回族土族自治县 → 大通; a
 * name that would shrink below two characters stays whole (东区, 郊区, 鄂温克族自治旗).
 */
export function districtShortName(name) {
  let s = name.replace(/(新区|自治县|自治旗|林区|特区|区|县|市|旗)$/, '');
  if (/自治[县旗]$/.test(name)) {
    for (let p = COUNTY_PEOPLES.find((q) => s.endsWith(q)); p; p = COUNTY_PEOPLES.find((q) => s.endsWith(q))) s = s.slice(0, -p.length);
  }
  return s.length >= 2 ? s : name;
}
