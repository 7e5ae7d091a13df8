import { z } from 'zod';

/** GET /api/customerDraw/getCarDataAnalysis?carid= (console-spec §7: a car data analysis call taking carid). */
export const CAR_ANALYSIS_PATH = '/api/customerDraw/getCarDataAnalysis';

/** The figures of server-behaviour §8; all local times are Asia/Shanghai. */
export const CAR_ANALYSIS = {
  /** Stops within this distance of a cluster's centre join it. */
  clusterM: 200,
  /** "This week": the last 7 days, so a Monday morning still shows a full week. */
  weekDays: 7,
  /** Home and work are learned from this many days of stops. */
  placeDays: 30,
  /** Home: stops covering 22:00–05:00; work: weekday stops covering 09:00–17:00. */
  night: { fromHour: 22, toHour: 5 },
  work: { fromHour: 9, toHour: 17 },
  /** A day counts for a place when its stops there cover at least this share of the window. */
  coverShare: 0.5,
  /** A suspected home or work place needs this many such days. */
  minDays: 2,
  /** Common-area grid cell, degrees (about 1 km). */
  cellDeg: 0.01,
  /** How many of each list are answered. */
  maxPlaces: 5,
  maxStops: 10,
  maxCells: 10,
} as const;

export const CarAnalysisQuery = z.object({
  carid: z.coerce.number('车辆编号必须是数字').int('车辆编号必须是整数').positive('车辆编号无效'),
});
export type CarAnalysisQuery = z.infer<typeof CarAnalysisQuery>;

/** A grid cell of the common vehicle area: GCJ-02 (gaode*) and WGS-84 of where the car was within it. */
export type UseCarArea = { gaodeLng: number; gaodeLat: number; lng: number; lat: number; hours: number };

/**
 * A place the car stops at: frequent stop (count = stops), home or work (count = days or nights
 * on which the car was there through the window). common* are GCJ-02, lng/lat WGS-84.
 */
export type CommonPlace = {
  commonLng: number;
  commonLat: number;
  lng: number;
  lat: number;
  commonAddress: string;
  count: number;
  totalMinutes: number;
};

export type CarDataAnalysis = {
  useCarArea: UseCarArea[];
  /** This week's frequent stops, by count then total duration. */
  listWeek: CommonPlace[];
  /** Suspected work places. */
  dayList: CommonPlace[];
  /** Suspected home places. */
  nightList: CommonPlace[];
};
