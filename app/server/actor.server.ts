/**
 * asActor: a transaction that records who acts (the database's triggers read
 * it). It lives in the database layer (db/actor.ts), below the server, so the
 * first start's seed can use it too; the server's modules import it from here.
 */
export { asActor } from "../../db/actor";
