import { EnvironmentOutlined } from '@ant-design/icons';
import { GEO_MESSAGES, GeoCalls, type GeoPlace } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';
import { useI18n } from '../../lib/i18n/I18nProvider';
import './addressSearch.css';

type Props = { onPick: (place: GeoPlace) => void };

/**
 * 地址搜索 (console-spec §5): an empty keyword warns 请输入地址, no match warns 未找到该地址，请更换关键字;
 * one match is taken at once, several are offered to choose from. Emptying the box clears the choices.
 */
export function AddressSearch({ onPick }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [places, setPlaces] = useState<GeoPlace[]>([]);
  const search = useMutation({
    mutationFn: (keyword: string) => call(GeoCalls.search, { query: { keyword } }),
    onSuccess: (found) => {
      if (found.length === 0) void message.warning(GEO_MESSAGES.notFound[lang]);
      else if (found.length === 1) onPick(found[0]!);
      setPlaces(found.length > 1 ? found : []);
    },
  });
  const run = (value: string) => {
    const keyword = value.trim();
    if (!keyword) {
      setPlaces([]);
      void message.warning(GEO_MESSAGES.emptyKeyword[lang]);
      return;
    }
    search.mutate(keyword);
  };
  const pick = (place: GeoPlace) => {
    setPlaces([]);
    onPick(place);
  };

  return (
    <div className="address-search">
      <Input.Search
        placeholder={t('riskPoint.searchAddress')}
        aria-label={t('riskPoint.searchAddress')}
        enterButton
        allowClear
        maxLength={50}
        loading={search.isPending}
        onSearch={run}
        onChange={(e) => {
          if (!e.target.value) setPlaces([]);
        }}
      />
      {places.length > 0 && (
        <ul className="address-search-results" aria-label={t('riskPoint.searchResults')}>
          {places.map((p) => (
            <li key={`${p.name}-${p.lng}-${p.lat}`}>
              <button type="button" onClick={() => pick(p)}>
                <EnvironmentOutlined />
                <span className="address-search-name">{p.name}</span>
                <span className="address-search-full">{p.fullName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
