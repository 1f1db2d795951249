/** Response helpers shared by the API sub-apps: one shape for a record read and a staff write. */
import type { Context } from "hono";
import { getDb, type Db } from "../../app/db/client.server";
import type { WriteFailure, WriteResult } from "../../app/models/staff-writes.server";
import { recordEtag, type Expectation } from "../../app/models/versioned.server";
import { parseIssueParams } from "../../app/lib/urls";
import type { HonoEnv } from "../types";
import type { AdminEnv } from "./middleware";
import { failureBody, failureHeaders, parseId, versionedForm } from "./request";

type Versioned = { id: number; version: number };

/** A use-case failure with its status, and the record's current ETag after a stale If-Match. */
export function failureAnswer(c: Context, failure: WriteFailure) {
  return c.json(failureBody(failure), failure.status, failureHeaders(failure));
}

/**
 * One record for staff: 404 when this journal has no such record, otherwise the record with
 * the ETag a conditional update sends back as If-Match.
 */
export function recordAnswer<T extends Versioned>(c: Context, type: string, record: T | undefined, shape: (record: T) => Record<string, unknown>) {
  if (!record) return c.json({ error: "not_found" }, 404);
  c.header("etag", recordEtag(type, record.id, record.version));
  return c.json(shape(record));
}

/** A staff write's answer: the failure in the API's shape, or the written record with its new ETag. */
export function writeAnswer<T extends Versioned>(c: Context, type: string, result: WriteResult<T>, shape: (record: T) => Record<string, unknown>, status: 200 | 201 = 200) {
  if (!result.ok) return failureAnswer(c, result);
  c.header("etag", recordEtag(type, result.value.id, result.value.version));
  return c.json(shape(result.value), status);
}

type FormEdit<T> =
  | { ok: false; response: Response }
  | { ok: true; db: Db; journalId: number; existing: T; form: FormData; fields: Record<string, unknown>; expect: Expectation };

/**
 * The first steps of a multipart update of one record (POST /{id}): the record of this journal
 * (404 when none), then the body and the version the client loaded, `If-Match` or a `version`
 * field (400 when malformed; ADR 020).
 */
export async function formEdit<T>(c: Context<AdminEnv>, load: (db: Db, journalId: number, id: number) => Promise<T | undefined>): Promise<FormEdit<T>> {
  const id = parseId(c.req.param("id"));
  const db = getDb(c.env.DB);
  const journalId = c.get("journal").id;
  const existing = id ? await load(db, journalId, id) : undefined;
  if (!existing) return { ok: false, response: c.json({ error: "not_found" }, 404) };
  const body = await versionedForm(c.req.raw);
  if (!body.ok) return { ok: false, response: c.json(body.body, 400) };
  return { ok: true, db, journalId, existing, form: body.form, fields: body.fields, expect: body.expect };
}

/** The articles of one issue named by /{year}/{vol}/{issue} (404 when the path names none), in the caller's shape. */
export async function issueArticlesAnswer<T, E extends HonoEnv>(c: Context<E>, list: (db: Db, journalId: number, year: number, volume: number, issue: number) => Promise<T[]>, shape: (row: T) => Record<string, unknown>) {
  const ref = parseIssueParams(c.req.param());
  if (!ref) return c.json({ error: "not_found" }, 404);
  const rows = await list(getDb(c.env.DB), c.get("journal").id, ref.year, ref.volume, ref.issue);
  return c.json(rows.map(shape));
}
