import { en } from './en';
import { zh, type MessageKey } from './zh';

export type Lang = 'zh' | 'en';
export type { MessageKey };
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const LANG_KEY = 'cvrisk.lang';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { zh, en };

export function makeTranslate(lang: Lang): Translate {
  const dict = dictionaries[lang];
  return (key, vars) => {
    const text = dict[key];
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

export function loadLang(): Lang {
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh';
}

export function saveLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
}
