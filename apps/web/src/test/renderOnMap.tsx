import { render } from '@testing-library/react';
import L from 'leaflet';
import type { ReactNode } from 'react';
import { MapContext, type MapApi } from '../components/map/MapContext';
import { I18nProvider } from '../lib/i18n/I18nProvider';

/** A text with markup in it, as a hostile user would save it for a name or an address. */
export const HOSTILE = '<img src=x onerror="window.__xss=1"><b>x</b>';

/**
 * Renders a map layer on a real Leaflet map in jsdom, WGS-84 shown as is. Paths are SVG: jsdom has no
 * canvas to draw on. `tooltips()` opens each tooltip of the layer in turn and answers its element.
 */
export function renderOnMap(layer: ReactNode) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const map = L.map(container, { renderer: L.svg() }).setView([30.27, 120.16], 14);
  const api: MapApi = { map, toMap: (lng, lat) => L.latLng(lat, lng), fromMap: (ll) => ({ lng: ll.lng, lat: ll.lat }), datum: 'wgs84' };
  const view = render(
    <I18nProvider>
      <MapContext value={api}>{layer}</MapContext>
    </I18nProvider>,
  );
  return {
    map,
    container,
    tooltips(): HTMLElement[] {
      const out: HTMLElement[] = [];
      map.eachLayer((l) => {
        const tip = l.getTooltip();
        if (!tip) return;
        l.openTooltip();
        const el = tip.getElement();
        if (el) out.push(el);
      });
      return out;
    },
    unmount() {
      view.unmount();
      map.remove();
      container.remove();
    },
  };
}
