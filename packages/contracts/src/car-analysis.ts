import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id } from './fields.js';

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

export const CarAnalysisQuery = z.object({ carid: id() });
export type CarAnalysisQuery = z.infer<typeof CarAnalysisQuery>;

/** A grid cell of the common vehicle area: GCJ-02 (gaode*) and WGS-84 of where the car was within it. */
export const UseCarArea = z.object({ gaodeLng: z.number(), gaodeLat: z.number(), lng: z.number(), lat: z.number(), hours: z.number() });
export type UseCarArea = z.infer<typeof UseCarArea>;

/**
 * A place the car stops at: frequent stop (count = stops), home or work (count = days or nights
 * on which the car was there through the window). common* are GCJ-02, lng/lat WGS-84.
 */
export const CommonPlace = z.object({
  commonLng: z.number(),
  commonLat: z.number(),
  lng: z.number(),
  lat: z.number(),
  commonAddress: z.string(),
  count: z.number(),
  totalMinutes: z.number(),
});
export type CommonPlace = z.infer<typeof CommonPlace>;

export const CarDataAnalysis = z.object({
  useCarArea: z.array(UseCarArea),
  /** This week's frequent stops, by count then total duration. */
  listWeek: z.array(CommonPlace),
  /** Suspected work places. */
  dayList: z.array(CommonPlace),
  /** Suspected home places. */
  nightList: z.array(CommonPlace),
});
export type CarDataAnalysis = z.infer<typeof CarDataAnalysis>;

export const CarAnalysisCalls = {
  /** console-spec §7: a car data analysis call taking carid. */
  analysis: defineCall({
    method: 'GET',
    path: '/api/customerDraw/getCarDataAnalysis',
    summary: '车辆数据分析：常用区域、本周常停点、疑似工作地与居住地',
    tag: '车辆分析',
    // The warning detail (warning:view) and the user portrait (customer:view) both show it: the route checks either.
    access: 'signedIn',
    query: CarAnalysisQuery,
    reply: CarDataAnalysis,
  }),
};
