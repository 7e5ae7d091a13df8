import { Card } from 'antd';
import type { ReactNode } from 'react';
import './mapWorkspace.css';

type Props = {
  /** The list beside the map: filters on top, items scrolling, paging at the bottom. */
  panel: ReactNode;
  /** The map (a MapView with its layers and overlays). */
  children: ReactNode;
};

/**
 * A screen that is a list and a map side by side, filling the window below the header; on a narrow
 * screen the list goes above the map.
 */
export function MapWorkspace({ panel, children }: Props) {
  return (
    <div className="map-workspace">
      <Card variant="borderless" className="map-workspace-panel">
        {panel}
      </Card>
      <Card variant="borderless" className="map-workspace-map">
        {children}
      </Card>
    </div>
  );
}
