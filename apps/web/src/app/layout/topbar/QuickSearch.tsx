import { SearchOutlined } from '@ant-design/icons';
import { warningTypeName, type QuickSearchResult } from '@cvrisk/contracts';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { portraitPath } from '../../../lib/portraitLinks';
import { warningListPath } from '../../../lib/warningLinks';
import { quickSearch } from './topbar.queries';

const DEBOUNCE_MS = 300;

type Option = { value: string; label: React.ReactNode; path: string };
type Group = { label: string; title: string; options: Option[] };

/** The answer as the two option groups of console-spec §2; a group without results is left out. */
export function optionGroups(r: QuickSearchResult, t: (k: 'push.search.warnings' | 'push.search.devices' | 'push.search.customers') => string, lang: 'zh' | 'en'): Group[] {
  const warnings: Option[] = r.warnList.list.map((w) => ({
    value: `w:${w.id}`,
    path: warningListPath(w.filters),
    label: (
      <div className="topbar-option">
        <span>{warningTypeName(w.warningType, lang, w.warningTypeName)} · {w.deviceNumber}</span>
        <span className="topbar-option-sub">{[w.customerName, w.count > 1 ? `×${w.count}` : null].filter(Boolean).join(' ')}</span>
      </div>
    ),
  }));
  const devices: Option[] = r.devList.list.map((d) => ({
    value: `d:${d.deviceNumber}`,
    path: `/monitor/onlineMonitoring?${new URLSearchParams({ deviceNumber: d.deviceNumber, monitor: 'dev' })}`,
    label: (
      <div className="topbar-option">
        <span>{d.deviceNumber}</span>
        <span className="topbar-option-sub">{[d.plateNumber, d.customerName].filter(Boolean).join(' · ')}</span>
      </div>
    ),
  }));
  // Whom the devices belong to: a risk manager who knows only a name or a phone reaches the portrait in one pick.
  const seen = new Set<string>();
  const customers: Option[] = r.devList.list
    .filter((d) => d.customerName !== null && !seen.has(`${d.customerName}|${d.customerPhone}`) && seen.add(`${d.customerName}|${d.customerPhone}`))
    .map((d) => ({
      value: `c:${d.deviceNumber}`,
      path: portraitPath({ deviceNumber: d.deviceNumber }),
      label: (
        <div className="topbar-option">
          <span>{d.customerName}</span>
          <span className="topbar-option-sub">{[d.customerPhone, d.plateNumber].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    }));
  return [
    { label: t('push.search.warnings'), title: t('push.search.warnings'), options: warnings },
    { label: t('push.search.devices'), title: t('push.search.devices'), options: devices },
    { label: t('push.search.customers'), title: t('push.search.customers'), options: customers },
  ].filter((g) => g.options.length > 0);
}

type Props = {
  /** Where the box is shown on demand (the small-screen top bar), it takes the focus as it appears. */
  autoFocus?: boolean;
  /** Told after a result was chosen and its page opened. */
  onPicked?: () => void;
};

/**
 * Remote search for devices and warnings. Only non-empty text is sent (debounced, the older request
 * cancelled); emptying the box clears options and selection (console-spec §5).
 */
export function QuickSearch({ autoFocus = false, onPicked }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [groups, setGroups] = useState<Group[]>([]);
  const [value, setValue] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Whether the list may show: it shuts once a result is chosen while the box keeps the focus, and
  // opens again with the next text typed into it.
  const [open, setOpen] = useState(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = text.trim();
    pending.current?.abort();
    if (!query) return;
    const controller = new AbortController();
    pending.current = controller;
    const timer = setTimeout(() => {
      setLoading(true);
      quickSearch(query, controller.signal)
        .then((r) => {
          if (!controller.signal.aborted) setGroups(optionGroups(r, t, lang));
        })
        .catch(() => {
          if (!controller.signal.aborted) setGroups([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, t, lang]);

  const search = (next: string) => {
    setText(next);
    setOpen(true);
    // Searching from the first key, through the pause before the request: the list says 搜索中…, never
    // "no match" for text the server has not seen yet.
    // The last answer was for other text: it goes rather than passing for this text's.
    if (next.trim()) {
      setLoading(true);
      if (next.trim() !== text.trim()) setGroups([]);
      return;
    }
    // Emptied: no request, and neither the old options nor the old choice stay.
    setGroups([]);
    setValue(null);
    setLoading(false);
  };

  const choose = (chosen: string) => {
    const option = groups.flatMap((g) => g.options).find((o) => o.value === chosen);
    if (!option) return;
    setValue(chosen);
    setOpen(false);
    void navigate(option.path);
    onPicked?.();
  };

  return (
    <Select<string | null>
      className="topbar-search"
      aria-label={t('push.search.placeholder')}
      placeholder={t('push.search.placeholder')}
      suffixIcon={<SearchOutlined />}
      allowClear
      value={value}
      options={groups}
      loading={loading}
      notFoundContent={text.trim() ? (loading ? t('push.search.searching') : t('push.search.none')) : null}
      showSearch={{ filterOption: false, searchValue: text, onSearch: search, autoClearSearchValue: false }}
      onChange={(v) => (v ? choose(v) : undefined)}
      onClear={() => search('')}
      popupMatchSelectWidth={320}
      // At most ten warnings and a few devices: drawing them all keeps the devices group, below the
      // warnings, in the page for screen readers and tests instead of only once scrolled to.
      virtual={false}
      // Nothing to offer for empty text: the list stays shut rather than showing the last answer.
      open={open && text.trim() !== ''}
      onOpenChange={setOpen}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      autoFocus={autoFocus}
    />
  );
}
