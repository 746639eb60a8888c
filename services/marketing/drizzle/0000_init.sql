CREATE SCHEMA "marketing";
--> statement-breakpoint
CREATE TABLE "marketing"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "marketing"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "marketing"."outbox" USING btree ("seq") WHERE published_at is null;