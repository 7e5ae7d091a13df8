import { z } from 'zod';
import type { DeptKind } from './labels.js';

export type DeptNode = {
  id: number;
  parentId: number | null;
  name: string;
  kind: DeptKind;
  city: string | null;
  children: DeptNode[];
};

export const DeptTreeQuery = z.object({ userid: z.coerce.number().int().positive().optional() });
