import type { AppModule } from '../app-module.js';
import { createDailyRepository } from './daily.repository.js';
import {
  carMileageReport, driveBehaviorReport, ignitionReport, mileageReport, timesParkingReport, travelReport, ubiBehaviorReport, weekParkingReport,
} from './daily-reports.js';
import { reportRoutes, type Reports } from './report.routes.js';
import { parkingReport, warningStatsReport } from './stop-and-warning-reports.js';
import { createStopsRepository } from './stops.repository.js';
import { createWarningStatsRepository } from './warning-stats.repository.js';

/** Reports, UBI statistics and the dealer and installer statistics (server-behaviour §9), all from derived data. */
export const reportModule: AppModule = (app, { db }) => {
  const daily = createDailyRepository(db);
  const stops = createStopsRepository(db);
  const stats = createWarningStatsRepository(db);
  const reports = {
    parking: parkingReport(stops),
    weekParking: weekParkingReport(daily),
    timesParking: timesParkingReport(daily),
    mileage: mileageReport(daily),
    driveBehavior: driveBehaviorReport(daily),
    carMileage: carMileageReport(daily),
    ignition: ignitionReport(daily),
    travel: travelReport(daily),
    ubiBehavior: ubiBehaviorReport(daily),
    dealerStats: warningStatsReport(stats, 'dealer'),
    installerStats: warningStatsReport(stats, 'installer'),
  };
  reportRoutes(app, reports as unknown as Reports);
};
