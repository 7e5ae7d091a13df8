import { CustomerDrawCalls } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Every portrait entry starts with this key: a loan-fraud flag refreshes them (refreshCustomerViews). */
const KEY = 'portrait';

export const portraitTargetQuery = (deviceNumber: string) =>
  queryOptions({ queryKey: [KEY, 'byDevice', deviceNumber], queryFn: ({ signal }) => call(CustomerDrawCalls.byDevice, { query: { deviceNumber } }, { signal }) });

export const portraitCustomerQuery = (customerid: number) =>
  queryOptions({ queryKey: [KEY, 'customer', customerid], queryFn: ({ signal }) => call(CustomerDrawCalls.customer, { query: { customerid } }, { signal }) });

export const warningCountsQuery = (customerid: number) =>
  queryOptions({ queryKey: [KEY, 'warningCounts', customerid], queryFn: ({ signal }) => call(CustomerDrawCalls.warningCounts, { body: { customerid } }, { signal }) });

export const carUseQuery = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'use', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.use, { query: { carid } }, { signal }) });
export const carTripsQuery = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'trips', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.trips, { query: { carid } }, { signal }) });
export const carStopsQuery = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'stops7', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.stops7, { query: { carid } }, { signal }) });
export const driving7Query = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'driving7', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.driving7, { query: { carid } }, { signal }) });
export const driving30Query = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'driving30', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.driving30, { query: { carid } }, { signal }) });
export const carWarningsQuery = (carid: number) =>
  queryOptions({ queryKey: [KEY, 'warnings', carid], queryFn: ({ signal }) => call(CustomerDrawCalls.warnings, { query: { carid } }, { signal }) });
