import {
  AimOutlined,
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FundOutlined,
  HddOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by the @ant-design/icons name the server sends. Listed one by one because importing
 * the whole icon set would add several hundred kilobytes to the first load.
 */
const ICONS: Record<string, ComponentType> = {
  AimOutlined,
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FundOutlined,
  HddOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
