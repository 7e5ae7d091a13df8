import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { loadLang, makeTranslate, saveLang, type Lang, type Translate } from './translate';

type I18n = { lang: Lang; t: Translate; setLang: (lang: Lang) => void };

const I18nContext = createContext<I18n | null>(null);

function applyLang(lang: Lang) {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(() => {
    const initial = loadLang();
    applyLang(initial);
    return initial;
  });
  const value = useMemo<I18n>(
    () => ({
      lang,
      t: makeTranslate(lang),
      setLang: (next) => {
        saveLang(next);
        applyLang(next);
        setLangState(next);
      },
    }),
    [lang],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const ctx = use(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}
