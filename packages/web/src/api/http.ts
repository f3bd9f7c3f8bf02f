import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { REQUEST_TIMEOUT_MS } from '../config/constants';

/** Every JSON answer of the server (reference §1.1). */
export interface ApiEnvelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** A page of records (reference §1.1: the client reads `records` and `total`). */
export interface Page<T> {
  records: T[];
  total: number;
}

export type ApiFailureKind = 'business' | 'http' | 'timeout' | 'network' | 'cancelled';

/** Why a call failed; the toast has already been shown by the client (spec part 1 §8). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly status?: number,
    readonly response?: AxiosResponse,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How long the server asked to be left alone, in ms, when it shed the call because it was behind
 * (HTTP 503 with `Retry-After` in seconds, issue 28); null for any other failure.
 */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null;
  const header = error.response?.headers?.['retry-after'];
  const seconds = Number(typeof header === 'string' ? header : NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : null;
}

/** The one axios instance; client.ts installs the headers and the response handling on it. */
export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

async function unwrap<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<T> {
  const response = await request;
  return response.data.data;
}

export function apiGet<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig) {
  return unwrap<T>(http.get<ApiEnvelope<T>>(url, { ...config, params }));
}

export function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig) {
  return unwrap<T>(http.post<ApiEnvelope<T>>(url, body, config));
}

export function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig) {
  return unwrap<T>(http.put<ApiEnvelope<T>>(url, body, config));
}

export function apiDelete<T>(url: string, params?: Record<string, unknown>, config?: AxiosRequestConfig) {
  return unwrap<T>(http.delete<ApiEnvelope<T>>(url, { ...config, params }));
}
