CREATE TABLE "account"."api_request_usage" (
	"user_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_request_usage_user_id_window_start_pk" PRIMARY KEY("user_id","window_start")
);
--> statement-breakpoint
DROP TABLE "account"."api_key_usage" CASCADE;--> statement-breakpoint
ALTER TABLE "account"."api_request_usage" ADD CONSTRAINT "api_request_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "account"."user"("id") ON DELETE cascade ON UPDATE no action;