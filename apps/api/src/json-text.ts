/**
 * JSON the database has already written (a list built with row_to_json): the REST door sends the
 * text as it is, and whatever else serializes it (tRPC's JSON.stringify) gets the value through
 * toJSON, so tRPC's inferred output type is `T`. Only for routes that serialize from the response
 * schema (serializeFromSchema), whose serializer knows it.
 */
export class JsonText<T> {
  constructor(readonly text: string) {}

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}
