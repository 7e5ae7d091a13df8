import { describe, expect, it } from 'vitest';
import { listQuerySearch, parseListQuery } from '../../lib/listQuery';
import { formToView, toListQuery, viewToForm, WarningListViewSchema } from './warningListView';

const fromUrl = (search: string) => parseListQuery(WarningListViewSchema, new URLSearchParams(search));

describe('the warning list in the address bar', () => {
  it('opens on the unhandled queue when no filter is given, paging and sorting included', () => {
    expect(toListQuery(fromUrl(''))).toEqual({ dealStatus: 0, pageNumber: 1, pageSize: 20 });
    expect(toListQuery(fromUrl('pageNumber=3&sortField=riskLevel&sortOrder=desc'))).toMatchObject({ dealStatus: 0, pageNumber: 3, sortField: 'riskLevel' });
    expect(viewToForm(fromUrl('')).dealStatus).toBe(0);
  });

  it('keeps every status once 处理状态 is cleared, through the address and a reload', () => {
    const search = listQuerySearch(formToView({ dealStatus: undefined }, fromUrl('')));
    expect(search.toString()).toBe('dealStatus=all');
    const reloaded = fromUrl(search.toString());
    expect(toListQuery(reloaded)).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(viewToForm(reloaded).dealStatus).toBeUndefined();
  });

  it('leaves links that set filters as they were: every status unless they name one', () => {
    expect(toListQuery(fromUrl('deviceNumber=8652&warningType=4'))).toEqual({ deviceNumber: '8652', warningType: 4, pageNumber: 1, pageSize: 20 });
    expect(toListQuery(fromUrl('deviceNumber=8652&dealStatus=1')).dealStatus).toBe(1);
    expect(toListQuery(fromUrl('dealStatus=all&riskLevel=1&warningType=99'))).toEqual({ riskLevel: 1, pageNumber: 1, pageSize: 20 });
  });

  it('keeps the sort on a new search', () => {
    const view = formToView({ dealStatus: 0, riskLevel: 1 }, fromUrl('sortField=riskLevel&sortOrder=asc'));
    expect(listQuerySearch(view).toString()).toBe('dealStatus=0&riskLevel=1&sortField=riskLevel&sortOrder=asc');
  });
});
