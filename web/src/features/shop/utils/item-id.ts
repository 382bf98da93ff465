/** SPEC §2: the id of /shop/item/{id} read as an integer; anything else ("abc", "1.5", "-3") is no id. */
export const parseItemId = (param: string | undefined): number | null => {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
