/** A menu entry as `/menu/navigate` returns it (console-spec §3 "Route item"). */
export type RouteItem = {
  path: string;
  name?: string;
  /** 'Layout' for a group, else the view key the console maps to a page. */
  component: string;
  redirect?: string;
  hidden?: boolean;
  meta: {
    title: string;
    titleEn: string;
    icon?: string;
    permissions?: string[];
    noKeepAlive?: boolean;
    affix?: boolean;
  };
  children?: RouteItem[];
};
