// The "Options" of a form: controls the server derived from the request model's fields
// (data-field, data-type). An empty control leaves its field out, so the model's default applies.

function valueOf(control) {
  const type = control.dataset.type;
  if (type === "bool") {
    const fallback = control.dataset.default === "true";
    return control.checked === fallback ? undefined : control.checked;
  }
  const raw = control.value.trim();
  if (raw === "") return undefined;
  if (type === "tribool") return raw === "true";
  if (type === "int") return Number.parseInt(raw, 10);
  if (type === "float") return Number.parseFloat(raw);
  if (type === "list") {
    return raw
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return raw;
}

/** The options of a form as JSON fields, leaving out the names in `except`. */
export function collectOptions(form, except = []) {
  const fields = {};
  for (const control of form.querySelectorAll("[data-field]")) {
    const name = control.dataset.field;
    if (except.includes(name)) continue;
    const value = valueOf(control);
    if (value !== undefined && !(typeof value === "number" && Number.isNaN(value))) fields[name] = value;
  }
  return fields;
}
