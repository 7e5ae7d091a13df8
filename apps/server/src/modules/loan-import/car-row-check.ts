import { LOAN_IMPORT_LIMITS as L } from '@cvrisk/contracts';
// The check character the demo's frame numbers are made with (setup's catalogue reads the same file).
import { vinCheckDigit } from '../../demo/vehicles.js';

/** The financed car of a row, as checking leaves it: catalogue ids resolved, texts normalised. */
export type CheckedCar = { frameNumber: string; plateNumber: string; brandId: number; modelId: number; color: string };

export type CatalogueBrand = { id: number; name: string; models: ReadonlyMap<string, number>; modelNames: readonly string[] };
/** Brands by `nameKey` of their name, each with its models by `nameKey`. */
export type Catalogue = ReadonlyMap<string, CatalogueBrand>;

/**
 * Cars already stored, by frame number: the owner (`dealerId|idCard`) of one in the importer's scope,
 * `null` for one outside it — its owner never leaves the repository.
 */
export type KnownCars = ReadonlyMap<string, string | null>;

export type CarContext = {
  catalogue: Catalogue;
  cars: KnownCars;
  /** Frame numbers already seen in this import: the owner and the row (the check adds to it). */
  seenFrames: Map<string, { owner: string; row: number }>;
};

type Field = 'frameNumber' | 'plateNumber' | 'brandName' | 'modelName' | 'color';

/** Lenders' systems space and case names differently (“Model 3”, “MODEL3”). */
export const nameKey = (s: string) => s.replace(/\s+/g, '').toUpperCase();
/** A frame number as it is stored and looked up: copied from a scan, it may carry spaces or lower case. */
export const frameKey = (v: unknown) => nameKey(v === null || v === undefined ? '' : String(v));

/**
 * The one answer for a frame number stored outside the importer's scope. It cannot be imported (one
 * car is one record), so the row must fail; it names no institution, customer or plate (security.md).
 */
export const FRAME_ELSEWHERE = '车架号已被登记，不能导入；如确认无误请联系平台管理员';

/** Ordinary plates (浙A12345) and new-energy ones (浙AD12345); letters never I or O. */
const PLATE = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z][A-HJ-NP-Z0-9]{5,6}$/;
const MODELS_LISTED = 10;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function frameProblem(vin: string): string | null {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return '车架号应为17位字母或数字（不含I、O、Q）';
  return vinCheckDigit(vin) === vin[8] ? null : '车架号第9位校验位不正确，请核对';
}

/** A catalogue brand the text names inside a longer one: 上汽大众 → 大众, the longest such. */
function brandHint(catalogue: Catalogue, given: string): string {
  const key = nameKey(given);
  const near = [...catalogue.entries()].filter(([k]) => key.includes(k)).sort(([a], [b]) => b.length - a.length)[0];
  return near ? `，是否为“${near[1].name}”？` : '';
}

function modelsOf(brand: CatalogueBrand): string {
  const shown = brand.modelNames.slice(0, MODELS_LISTED).join('、');
  return brand.modelNames.length > MODELS_LISTED ? `${shown} 等${brand.modelNames.length}个` : shown;
}

/**
 * The car of a row. Without a frame number the row is a loan only (older templates have no car
 * columns); with one, brand and model are required: a car is stored with both, and screens show them.
 * `owner` is the row's customer (`dealerId|idCard`), null when the row's dealer or identity is bad.
 */
export function checkCarOfRow(
  raw: Record<string, unknown>, row: number, owner: string | null, ctx: CarContext, bad: (field: Field, message: string) => void,
): CheckedCar | null {
  const frameNumber = frameKey(raw.frameNumber);
  const plateNumber = text(raw.plateNumber).replace(/[\s·•.-]/g, '').toUpperCase();
  const brandText = text(raw.brandName);
  const modelText = text(raw.modelName);
  const color = text(raw.color);
  if (!frameNumber) {
    if (plateNumber || brandText || modelText || color) bad('frameNumber', '填写车辆信息时请填写车架号');
    return null;
  }
  let ok = true;
  const fail = (field: Field, message: string) => {
    ok = false;
    bad(field, message);
  };
  const problem = frameProblem(frameNumber);
  if (problem) fail('frameNumber', problem);
  else if (owner !== null) {
    const stored = ctx.cars.get(frameNumber);
    const first = ctx.seenFrames.get(frameNumber);
    if (stored === null) fail('frameNumber', FRAME_ELSEWHERE);
    else if (stored !== undefined && stored !== owner) fail('frameNumber', '车架号已登记在您管辖范围内的其他客户名下');
    else if (first && first.owner !== owner) fail('frameNumber', `车架号与第${first.row}行相同，但不是同一客户`);
    else if (!first) ctx.seenFrames.set(frameNumber, { owner, row });
  }
  if (plateNumber && !PLATE.test(plateNumber)) fail('plateNumber', '车牌号格式不正确（如 浙A12345，新能源 浙AD12345）');
  const brand = ctx.catalogue.get(nameKey(brandText));
  if (!brandText) fail('brandName', '填写车架号时请填写品牌');
  else if (!brand) fail('brandName', `品牌“${brandText}”不在品牌库中${brandHint(ctx.catalogue, brandText)}`);
  const modelId = brand?.models.get(nameKey(modelText));
  if (!modelText) fail('modelName', '填写车架号时请填写车型');
  else if (brand && modelId === undefined) fail('modelName', `车型“${modelText}”不是${brand.name}的车型，可选：${modelsOf(brand)}`);
  if (color.length > L.colorMaxChars) fail('color', `颜色最多${L.colorMaxChars}个字`);
  return ok ? { frameNumber, plateNumber, brandId: brand!.id, modelId: modelId!, color } : null;
}
