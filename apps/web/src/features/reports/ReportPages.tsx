import { ReportScreen } from './ReportScreen';
import { SCREENS } from './reportScreens';

/** The report, UBI and statistics screens (console-spec §2), each its declaration on the one ReportScreen. */
export const ParkingReportPage = () => <ReportScreen def={SCREENS.parking} />;
export const WeekParkingReportPage = () => <ReportScreen def={SCREENS.weekParking} />;
export const TimesParkingReportPage = () => <ReportScreen def={SCREENS.timesParking} />;
export const MileageReportPage = () => <ReportScreen def={SCREENS.mileage} />;
export const DriveBehaviorReportPage = () => <ReportScreen def={SCREENS.driveBehavior} />;
export const CarMileagePage = () => <ReportScreen def={SCREENS.carMileage} />;
export const IgnitionPage = () => <ReportScreen def={SCREENS.ignition} />;
export const TravelStatisticsPage = () => <ReportScreen def={SCREENS.travel} />;
export const UbiDrivingBehaviorPage = () => <ReportScreen def={SCREENS.ubiBehavior} />;
export const DealerStatisticsPage = () => <ReportScreen def={SCREENS.dealerStats} />;
export const InstallerStatisticsPage = () => <ReportScreen def={SCREENS.installerStats} />;
